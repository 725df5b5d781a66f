import { setZodSpanish } from '@obra/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import esES from 'antd/locale/es_ES';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { TOAST_SECONDS, ToastHost } from '../base/toast';
import { queryClient } from '../base/query-client';
import { router } from './router';
import { checkAppVersion } from '../base/session';

dayjs.locale('es');
setZodSpanish();
checkAppVersion();

/** People who ask their system for less motion get popups and menus without animations. */
const REDUCED_MOTION = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root en index.html');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={esES} theme={{ token: { motion: !REDUCED_MOTION } }}>
        <App notification={{ placement: 'topRight', duration: TOAST_SECONDS }}>
          <ToastHost />
          <RouterProvider router={router} />
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  </StrictMode>,
);
