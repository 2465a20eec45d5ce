/** Admin section 'Top Headers' (spec §2 "Admin page"). */
export function TopHeadersPage() {
  return null;
}
