import { PLAN_KIND_LABELS } from '@app/contract/agent-plans';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { Link } from '@app/mobile/router';
import { officeQueries } from '@/shared/queries/office';
import { confirmDialog } from '@/shared/ui/dialog';
import { useLogout } from '../api';
import '../more.css';

const LINKS = [
  { to: '/agents', label: '下级代理', hint: '下级代理列表与返佣比例' },
  { to: '/report', label: '团队报表', hint: '按日、按类别统计，可导出CSV' },
  { to: '/statements', label: '佣金账单', hint: '历史结算与发放记录' },
  { to: '/invites', label: '推广链接', hint: '邀请链接、邀请码与二维码' },
];

/** 更多: who is signed in, the screens below the tabs, 退出登录. */
export default function MoreScreen() {
  const overview = useQuery(officeQueries.overview());
  const logout = useLogout();
  const plan = overview.data?.plan;
  const leave = async () => {
    if (!(await confirmDialog('退出后需重新登录代理后台。', '确定退出登录？', '退出'))) return;
    logout.mutate();
  };
  return (
    <div className="page">
      <section className="card more-me" aria-label="账号">
        <div className="more-avatar" aria-hidden="true">
          {(overview.data?.username ?? '代').slice(0, 1).toUpperCase()}
        </div>
        <div>
          <p className="more-name">{overview.data?.username ?? (overview.isError ? '—' : '加载中…')}</p>
          <p className="muted">{plan ? `${plan.name} · ${PLAN_KIND_LABELS[plan.kind]}` : '未分配佣金方案'}</p>
        </div>
      </section>
      <nav className="card more-links" aria-label="更多功能">
        {LINKS.map((l) => (
          <Link key={l.to} to={l.to} className="more-link">
            <span>{l.label}</span>
            <small>{l.hint}</small>
            <span className="more-arrow" aria-hidden="true">
              ›
            </span>
          </Link>
        ))}
      </nav>
      <Button
        block
        color="danger"
        fill="outline"
        loading={logout.isPending}
        loadingText="退出中…"
        disabled={logout.isPending}
        onClick={() => void leave()}
      >
        退出登录
      </Button>
    </div>
  );
}
