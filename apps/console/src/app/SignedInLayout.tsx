import { consoleLogout } from '@app/contract/console-auth';
import { OPERATOR_ROLE_LABELS } from '@app/contract/console-define';
import { LogoutOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Layout, Menu, Result, Space, Spin, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { callApi, errorMessage, onSignedOut } from '@/shared/api';
import { SupportNavLabel } from '@/features/support/components/SupportNavLabel';
import { sessionQuery } from '@/shared/session';
import { mayOpen, NAV, NAV_GROUPS, NAV_ITEMS, type NavItem } from './nav';
import type { OperatorRole } from '@app/contract/console-define';

/** Which menu entry a path belongs to (the longest prefix). */
function selectedKey(pathname: string): string {
  const hits = NAV_ITEMS.filter((n) => (n.path === '/' ? pathname === '/' : pathname.startsWith(n.path)));
  return hits.sort((a, b) => b.path.length - a.path.length)[0]?.path ?? '/';
}

/** The side menu of a role: single entries, then the groups with an entry it may open, 修改密码 last. */
function menuItems(role: OperatorRole) {
  const entry = (n: NavItem) => ({
    key: n.path,
    icon: n.icon,
    label: n.path === '/support' ? <SupportNavLabel label={n.label} /> : n.label,
  });
  const single = NAV.filter((n) => mayOpen(role, n)).map(entry);
  const groups = NAV_GROUPS.map((g) => ({
    key: g.key,
    icon: g.icon,
    label: g.label,
    children: g.children.filter((n) => mayOpen(role, n)).map(entry),
  })).filter((g) => g.children.length > 0);
  return [...single.slice(0, -1), ...groups, ...single.slice(-1)];
}

/** Every screen but sign-in: the session checked, the side menu of the operator's role, the header. */
export function SignedInLayout() {
  const session = useQuery(sessionQuery);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { message } = App.useApp();

  useEffect(() => {
    onSignedOut(() => {
      queryClient.setQueryData(sessionQuery.queryKey, null);
    });
    return () => onSignedOut(null);
  }, [queryClient]);

  if (session.isPending) {
    return <Spin fullscreen tip="加载中…" />;
  }
  if (session.isError) {
    return (
      <Result
        status="error"
        title="无法连接服务器"
        subTitle={errorMessage(session.error)}
        extra={<Button onClick={() => void session.refetch()}>重试</Button>}
      />
    );
  }
  const operator = session.data;
  if (!operator)
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;

  const logout = async () => {
    try {
      await callApi(consoleLogout);
    } catch (err) {
      message.error(errorMessage(err));
      return;
    }
    queryClient.clear();
    queryClient.setQueryData(sessionQuery.queryKey, null);
    navigate('/login', { replace: true });
  };

  const items = menuItems(operator.role);
  const selected = selectedKey(location.pathname);
  const openGroup = NAV_GROUPS.find((g) => g.children.some((n) => n.path === selected))?.key;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={200} theme="dark" breakpoint="lg" collapsedWidth={64}>
        <div className="console-brand">娱乐城 · 运营后台</div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={[selected]}
          defaultOpenKeys={openGroup ? [openGroup] : []}
          items={items}
          onClick={({ key }) => navigate(key)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console-header">
          <Space size="middle">
            <Typography.Text strong>{operator.name}</Typography.Text>
            <Tag color="blue">{OPERATOR_ROLE_LABELS[operator.role]}</Tag>
            <Button icon={<LogoutOutlined />} onClick={() => void logout()}>
              退出登录
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="console-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
