/** Admin section 'Avaliações' (spec §2 "Admin page"). */
export function ReviewsPage() {
  return null;
}
