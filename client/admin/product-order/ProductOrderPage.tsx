/** Admin section 'Organizar Produtos' (spec §2 "Admin page"). */
export function ProductOrderPage() {
  return null;
}
