import { Migration } from '@mikro-orm/migrations';

/**
 * The law's information (issue 18 part 3; Decreto 7.962/2013 art. 2): razão social or name, CNPJ
 * or CPF (stored normalised: 11 digits, or 14 characters of which the first 12 may be capital
 * letters), address, e-mail and phone; the owner's own texts of the three legal pages (null: the
 * template, filled at render); the free-shipping promise. The same rules as shared/legal-info.ts,
 * shared/br-*.ts and shared/free-shipping.ts. Existing footers' default links to these pages get
 * their addresses.
 */
export class Migration20261125180000_legal_info extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table settings
  add column legal_name varchar(200) not null default '',
  add column legal_tax_id varchar(14) not null default '' check (legal_tax_id ~ '^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})?$'),
  add column legal_street varchar(200) not null default '',
  add column legal_district varchar(100) not null default '',
  add column legal_city varchar(100) not null default '',
  add column legal_state varchar(2) not null default '' check (legal_state ~ '^([A-Z]{2})?$'),
  add column legal_postal_code varchar(8) not null default '' check (legal_postal_code ~ '^([0-9]{8})?$'),
  add column legal_email varchar(254) not null default '',
  add column legal_phone varchar(11) not null default '' check (legal_phone ~ '^([0-9]{8,11})?$'),
  add column legal_returns_text text,
  add column legal_privacy_text text,
  add column legal_terms_text text,
  add column free_shipping_enabled boolean not null default false,
  add column free_shipping_threshold numeric(12,2) not null default 0 check (free_shipping_threshold >= 0),
  add column free_shipping_show_top boolean not null default true,
  add column free_shipping_show_product boolean not null default true,
  add constraint settings_free_shipping_amount check (not free_shipping_enabled or free_shipping_threshold > 0);`);
    // Footers made with the default links (demo or earlier versions) point them at the new pages.
    this.addSql(`update footer_links set url = case label
    when 'Política de trocas' then '/trocas-e-devolucoes'
    when 'Termos de uso' then '/termos-de-uso'
    when 'Política de privacidade' then '/politica-de-privacidade'
  end
  where url = '' and label in ('Política de trocas', 'Termos de uso', 'Política de privacidade');`);
  }

  override async down(): Promise<void> {
    this.addSql(`update footer_links set url = ''
  where url in ('/trocas-e-devolucoes', '/termos-de-uso', '/politica-de-privacidade');`);
    this.addSql(`alter table settings
  drop constraint if exists settings_free_shipping_amount,
  drop column if exists legal_name, drop column if exists legal_tax_id, drop column if exists legal_street,
  drop column if exists legal_district, drop column if exists legal_city, drop column if exists legal_state,
  drop column if exists legal_postal_code, drop column if exists legal_email, drop column if exists legal_phone,
  drop column if exists legal_returns_text, drop column if exists legal_privacy_text, drop column if exists legal_terms_text,
  drop column if exists free_shipping_enabled, drop column if exists free_shipping_threshold,
  drop column if exists free_shipping_show_top, drop column if exists free_shipping_show_product;`);
  }
}
