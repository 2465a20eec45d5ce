/** Admin section 'Coleções' (spec §2 "Admin page"). */
export function CollectionsPage() {
  return null;
}
