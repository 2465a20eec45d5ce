/** Admin section 'Configurações' (spec §2 "Admin page"). */
export function SettingsPage() {
  return null;
}
