import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import { RouterProvider } from 'react-router';
import { createConsoleRouter } from './routes';

dayjs.locale('zh-cn');

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Operators act on what they see: re-read on focus, never trust a minutes-old list.
      queries: { retry: 1, staleTime: 0, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}

const queryClient = makeQueryClient();
const router = createConsoleRouter(queryClient);

export function App() {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#1a5cff' } }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
