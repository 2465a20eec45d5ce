import { Migration } from '@mikro-orm/migrations';

/**
 * Pix and installment display settings (issue 18): the Pix discount (0 = off, up to 50%), the most
 * instalments (1 = off), how many of them are interest-free, the minimum instalment and the monthly
 * rate above the interest-free count (Price table). The same ranges as shared/setting-ranges.ts.
 */
export class Migration20261125160000_payment_settings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table settings
  add column pix_discount_percent numeric(4,2) not null default 0 check (pix_discount_percent between 0 and 50),
  add column installments_max smallint not null default 1 check (installments_max between 1 and 24),
  add column installments_interest_free smallint not null default 1 check (installments_interest_free between 1 and 24),
  add column installments_min_value numeric(12,2) not null default 0 check (installments_min_value >= 0),
  add column installments_interest_rate numeric(4,2) not null default 0 check (installments_interest_rate between 0 and 10),
  add constraint settings_installments_free_le_max check (installments_interest_free <= installments_max);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table settings
  drop constraint if exists settings_installments_free_le_max,
  drop column if exists pix_discount_percent,
  drop column if exists installments_max,
  drop column if exists installments_interest_free,
  drop column if exists installments_min_value,
  drop column if exists installments_interest_rate;`);
  }
}
