/** Admin section 'Banners' (spec §2 "Admin page"). */
export function BannersPage() {
  return null;
}
