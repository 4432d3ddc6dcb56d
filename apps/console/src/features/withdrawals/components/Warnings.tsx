import type { ConsoleOtherMember, ConsoleWithdrawalDetail } from '@app/contract/console-money';
import { Alert, Space } from 'antd';
import { Fragment } from 'react';
import { Link } from 'react-router';

function Members({ list }: { list: ConsoleOtherMember[] }) {
  return (
    <>
      {list.map((m, i) => (
        <Fragment key={m.user_id}>
          {i > 0 && '、'}
          <Link to={`/members/${m.user_id}`}>{m.username}</Link>
        </Fragment>
      ))}
    </>
  );
}

/** What a reviewer must see first: the destination or the sign-in addresses shared with other members. */
export function Warnings({ warnings }: { warnings: ConsoleWithdrawalDetail['warnings'] }) {
  const { account_bound_by: bound, account_used_by: used, shared_ips: ips } = warnings;
  if (bound.length === 0 && used.length === 0 && ips.length === 0) {
    return <Alert type="success" showIcon title="未发现收款账户或登录IP与其他会员共用" />;
  }
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {bound.length > 0 && (
        <Alert
          type="error"
          showIcon
          title="此收款账户也被其他会员绑定"
          description={<Members list={bound} />}
        />
      )}
      {used.length > 0 && (
        <Alert
          type="error"
          showIcon
          title="其他会员曾提现到此收款账户"
          description={<Members list={used} />}
        />
      )}
      {ips.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title="该会员的登录IP也被其他会员使用"
          description={
            <Space orientation="vertical" size={2}>
              {ips.map((x) => (
                <span key={x.ip}>
                  {x.ip}：<Members list={x.members} />
                </span>
              ))}
            </Space>
          }
        />
      )}
    </Space>
  );
}
