import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createRoot } from 'react-dom/client';
import { loadI18n } from '../i18n-client.ts';
import { AdminRoot } from './AdminRoot.tsx';

// The admin is client-rendered and always in Portuguese (the shop's language does not affect it).
const root = document.getElementById('root');
loadI18n('pt-BR').then((i18n) => {
  if (root) createRoot(root).render(<AdminRoot i18n={i18n} />);
});
