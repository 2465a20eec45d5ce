/** Admin section 'Header' (spec §2 "Admin page"). */
export function HeaderPage() {
  return null;
}
