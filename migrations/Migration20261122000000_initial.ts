import { Migration } from '@mikro-orm/migrations';

/**
 * The complete schema for every entity of spec section 3. Money is numeric(12,2); booleans are
 * real booleans (the legacy API still accepts 0/1); settings is one row (id = 1) whose column
 * defaults are the spec's §9 defaults. Written by hand so it reads the same on PGlite and on
 * PostgreSQL 15+.
 */
export class Migration20261122000000_initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create table settings (
  id smallint primary key default 1 check (id = 1),
  site_title varchar(200) not null default 'Minha Loja',
  site_description varchar(1000) not null default 'Sua loja online',
  primary_color varchar(64) not null default '#003e64',
  accent_color varchar(64) not null default '#00385a',
  site_primary_color varchar(64) not null default '#003e64',
  site_accent_color varchar(64) not null default '#00385a',
  logo_url text not null default '',
  favicon_url text not null default '',
  currency varchar(3) not null default 'BRL',
  locale varchar(5) not null default 'pt-BR',
  admin_theme varchar(5) not null default 'light' check (admin_theme in ('dark', 'light')),
  shopify_domain varchar(255) not null default '',
  shopify_token varchar(255) not null default '',
  show_discount_tag boolean not null default true,
  show_product_thumbnails boolean not null default true,
  product_thumbnail_size smallint not null default 80 check (product_thumbnail_size between 60 and 150),
  store_locked boolean not null default false,
  store_unlock_password_hash text,
  goiano_theme_active boolean not null default false,
  shipping_enabled boolean not null default true,
  shipping_min_days smallint not null default 2 check (shipping_min_days between 1 and 30),
  shipping_max_days smallint not null default 5 check (shipping_max_days between 1 and 60),
  shipping_bg_color varchar(64) not null default '#E8F5E9',
  shipping_text_color varchar(64) not null default '#2E7D32',
  shipping_icon_color varchar(64) not null default '#4CAF50',
  view_more_button_bg_color varchar(64) not null default '#2A4F6E',
  view_more_button_text_color varchar(64) not null default '#FFFFFF',
  header_logo_position varchar(6) not null default 'left' check (header_logo_position in ('left', 'center', 'right')),
  header_icons_position varchar(5) not null default 'right' check (header_icons_position in ('left', 'right')),
  header_show_search boolean not null default true,
  header_show_cart boolean not null default true,
  header_show_menu boolean not null default true,
  header_bg_color varchar(64) not null default 'default',
  header_text_color varchar(64) not null default 'default',
  header_border_color varchar(64) not null default 'default',
  header_mobile_search_position varchar(5) not null default 'right' check (header_mobile_search_position in ('left', 'right')),
  header_mobile_cart_position varchar(5) not null default 'right' check (header_mobile_cart_position in ('left', 'right')),
  header_mobile_menu_position varchar(5) not null default 'left' check (header_mobile_menu_position in ('left', 'right')),
  header_modal_bg_color varchar(64) not null default 'default',
  header_modal_text_color varchar(64) not null default 'default',
  header_fixed boolean not null default true,
  header_transparent_scroll boolean not null default true,
  footer_bg_color varchar(64) not null default '#1a1a1a',
  footer_text_color varchar(64) not null default '#ffffff',
  footer_use_image boolean not null default false,
  footer_show_logo boolean not null default true,
  footer_image_url text not null default '',
  copyright_text varchar(500) not null default '',
  payment_icon_size smallint not null default 40 check (payment_icon_size between 24 and 80),
  shopify_button_color varchar(64) not null default '#FF6B35',
  shopify_button_text_color varchar(64) not null default '#FFFFFF',
  shopify_toggle_bg_color varchar(64) not null default '#FF6B35',
  shopify_toggle_text_color varchar(64) not null default '#ffffff',
  shopify_cart_bg_color varchar(64) not null default '#FFFFFF',
  shopify_cart_text_color varchar(64) not null default '#000000',
  shopify_home_mobile_bg_color varchar(64) not null default '#FF6B35',
  shopify_home_mobile_text_color varchar(64) not null default '#FFFFFF',
  shopify_home_desktop_bg_color varchar(64) not null default '#FF6B35',
  shopify_home_desktop_text_color varchar(64) not null default '#FFFFFF',
  shopify_product_bg_color varchar(64) not null default '#FF6B35',
  shopify_product_text_color varchar(64) not null default '#FFFFFF',
  shopify_checkout_bg_color varchar(64) not null default '#FF6B35',
  shopify_checkout_text_color varchar(64) not null default '#ffffff',
  product_button_width_percent smallint not null default 100 check (product_button_width_percent between 40 and 100),
  product_button_height_px smallint not null default 48 check (product_button_height_px between 40 and 80),
  updated_at timestamptz not null default now()
)`);
    this.addSql('insert into settings (id) values (1)');

    this.addSql(`
create table collections (
  id serial primary key,
  name varchar(200) not null,
  slug varchar(220) not null unique,
  sort_order integer not null default 0,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
)`);
    this.addSql('create index collections_sort_idx on collections (sort_order, id)');

    this.addSql(`
create table products (
  id serial primary key,
  title varchar(255) not null,
  slug varchar(280) not null unique,
  description text not null default '',
  price numeric(12,2) not null check (price >= 0),
  old_price numeric(12,2) check (old_price is null or old_price >= 0),
  image_url text not null default '',
  collection_id integer references collections (id) on delete set null,
  shopify_product_id varchar(64) not null default '',
  position integer not null default 0,
  search_text text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
)`);
    this.addSql('create index products_collection_position_idx on products (collection_id, position, id)');
    this.addSql("create index products_search_idx on products using gin (to_tsvector('simple', search_text))");

    this.addSql(`
create table product_images (
  id serial primary key,
  product_id integer not null references products (id) on delete cascade,
  url text not null,
  file_name varchar(255) not null default '',
  position integer not null default 0,
  created_at timestamptz not null default now()
)`);
    this.addSql('create index product_images_product_idx on product_images (product_id, position, id)');

    this.addSql(`
create table banners (
  id serial primary key,
  title varchar(255) not null default '',
  href text not null default '',
  image_url text not null,
  sort_order integer not null default 1,
  active boolean not null default true,
  created_at timestamptz not null default now()
)`);

    this.addSql(`
create table top_headers (
  id serial primary key,
  text varchar(500) not null,
  bg_color varchar(64) not null default '#003e64',
  text_color varchar(64) not null default '#ffffff',
  sort_order integer not null default 1,
  created_at timestamptz not null default now()
)`);

    this.addSql(`
create table footer_icons (
  id serial primary key,
  image_url text not null,
  alt_text varchar(255) not null default 'Forma de pagamento',
  active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now()
)`);

    this.addSql(`
create table footer_sections (
  id serial primary key,
  title varchar(255) not null,
  sort_order integer not null default 0,
  created_at timestamptz not null default now()
)`);

    this.addSql(`
create table footer_links (
  id serial primary key,
  section_id integer not null references footer_sections (id) on delete cascade,
  label varchar(255) not null,
  url text not null default '',
  sort_order integer not null default 0,
  created_at timestamptz not null default now()
)`);
    this.addSql('create index footer_links_section_idx on footer_links (section_id, sort_order, id)');

    this.addSql(`
create table reviews (
  id serial primary key,
  product_id integer not null references products (id) on delete cascade,
  reviewer_name varchar(255) not null,
  reviewer_city varchar(255) not null default '',
  rating smallint not null check (rating between 1 and 5),
  review_text text not null default '',
  created_at timestamptz not null default now()
)`);
    this.addSql('create index reviews_product_idx on reviews (product_id, id)');

    this.addSql(`
create table admin_users (
  id serial primary key,
  username varchar(50) not null,
  password_hash text not null,
  is_admin boolean not null default true,
  email varchar(255),
  created_at timestamptz not null default now()
)`);
    this.addSql('create unique index admin_users_username_idx on admin_users (lower(username))');

    this.addSql(`
create table sessions (
  id char(64) primary key,
  user_id integer not null references admin_users (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null
)`);
    this.addSql('create index sessions_user_idx on sessions (user_id)');
    this.addSql('create index sessions_expires_idx on sessions (expires_at)');
  }
}
