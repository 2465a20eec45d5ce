/** Admin section 'Footer' (spec §2 "Admin page"). */
export function FooterPage() {
  return null;
}
