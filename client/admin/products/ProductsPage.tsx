/** Admin section 'Produtos' (spec §2 "Admin page"). */
export function ProductsPage() {
  return null;
}
