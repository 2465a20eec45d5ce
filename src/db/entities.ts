import { AdminUser } from '../auth/admin-user.entity.ts';
import { Session } from '../auth/session.entity.ts';
import { Collection } from '../catalog/collection.entity.ts';
import { Product } from '../catalog/product.entity.ts';
import { ProductImage } from '../catalog/product-image.entity.ts';
import { SlugHistory } from '../catalog/slug-history.entity.ts';
import { Banner } from '../content/banner.entity.ts';
import { FooterIcon, FooterLink, FooterSection } from '../content/footer.entity.ts';
import { TopHeader } from '../content/top-header.entity.ts';
import { IdempotencyKey } from '../idempotency/idempotency-key.entity.ts';
import { Review } from '../reviews/review.entity.ts';
import { SettingsRow } from '../settings/settings.entity.ts';

/** Every entity of spec §3, the single list the ORM is configured with. */
export const ENTITIES = [
  SettingsRow,
  Collection,
  Product,
  ProductImage,
  SlugHistory,
  Banner,
  TopHeader,
  FooterIcon,
  FooterSection,
  FooterLink,
  Review,
  AdminUser,
  Session,
  IdempotencyKey,
];
