import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { setupI18n } from '@lingui/core';
import { createRoot } from 'react-dom/client';
import { messages } from '../locales/admin/pt-BR.ts';
import { AdminRoot } from './AdminRoot.tsx';

// The admin is client-rendered and always in Portuguese (the shop's language does not affect it),
// from its own catalog (lingui.config.ts): the storefront's catalogs never carry the admin's texts.
const root = document.getElementById('root');
const i18n = setupI18n({ locale: 'pt-BR', messages: { 'pt-BR': messages } });
if (root) createRoot(root).render(<AdminRoot i18n={i18n} />);
