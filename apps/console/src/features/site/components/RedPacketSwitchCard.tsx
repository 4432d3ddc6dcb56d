import { consoleSetRedPacketSwitch, type RedPacketsView } from '@app/contract/console-site';
import { Alert, App, Card, Space, Switch, Typography } from 'antd';
import { errorMessage } from '@/shared/api';
import { useSiteWrite } from '../api';

/** The red-packet switch: off, members' claims are refused (the page still shows the bands). */
export function RedPacketSwitchCard({ view, mayEdit }: { view: RedPacketsView; mayEdit: boolean }) {
  const { message } = App.useApp();
  const write = useSiteWrite(consoleSetRedPacketSwitch, 'redPackets', (r) =>
    message.success(r.switch_on ? '红包已开启' : '红包已关闭'),
  );
  return (
    <Card title="红包开关" style={{ marginBottom: 16 }}>
      {write.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} message={errorMessage(write.error)} />
      )}
      <Space size="middle" align="center">
        <Switch
          aria-label="红包开关"
          checked={view.switch_on}
          loading={write.isPending}
          disabled={!mayEdit}
          checkedChildren="开启"
          unCheckedChildren="关闭"
          onChange={(on) => write.mutate({ on })}
        />
        <Typography.Text>
          {view.switch_on
            ? `会员每日 ${view.window.start}–${view.window.end}（北京时间）可按档位领取红包。`
            : '已关闭：会员无法领取红包。'}
        </Typography.Text>
      </Space>
    </Card>
  );
}
