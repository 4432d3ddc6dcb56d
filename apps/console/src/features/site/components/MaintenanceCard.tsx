import {
  consoleSetMaintenance,
  MSG_REPAIR_TIPS_LONG,
  REPAIR_TIPS_MAX,
  type SiteSettingsView,
} from '@app/contract/console-site';
import { Alert, App, Button, Card, Form, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import { errorMessage } from '@/shared/api';
import { useSiteWrite } from '../api';

/** What members see when the message is left empty (apps/web Maintenance). */
const DEFAULT_TIPS = '网站正在维护，请稍后再访问。';

/**
 * Maintenance on or off with its message. Members who open or reload the app see the message at once
 * (every server process reads the setting on every call); an app already open asks again when its
 * site info is older than five minutes and the page comes back to the front.
 */
export function MaintenanceCard({ settings, mayEdit }: { settings: SiteSettingsView; mayEdit: boolean }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ repair_tips: string }>();
  const write = useSiteWrite(consoleSetMaintenance, 'settings', (r) =>
    message.success(r.maintenance ? '已开启维护，会员端只显示维护提示' : '已关闭维护，会员端已恢复'),
  );
  const save = (on: boolean) =>
    form.validateFields().then((v) => write.mutate({ on, repair_tips: v.repair_tips ?? '' }));
  const on = settings.maintenance;
  return (
    <Card
      title="站点维护"
      extra={on ? <Tag color="red">维护中</Tag> : <Tag color="green">正常开放</Tag>}
      style={{ marginBottom: 16 }}
    >
      {on && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="维护中：会员端只显示下面的维护提示，其他页面都无法使用。"
        />
      )}
      {write.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} message={errorMessage(write.error)} />
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ repair_tips: settings.repair_tips }}
        disabled={!mayEdit || write.isPending}
      >
        <Form.Item
          label="维护提示"
          name="repair_tips"
          extra={`留空时会员看到：${DEFAULT_TIPS}`}
          rules={[{ max: REPAIR_TIPS_MAX, message: MSG_REPAIR_TIPS_LONG }]}
        >
          <Input.TextArea rows={3} maxLength={REPAIR_TIPS_MAX} showCount placeholder={DEFAULT_TIPS} />
        </Form.Item>
      </Form>
      {mayEdit && (
        <Space>
          {on ? (
            <>
              <Button type="primary" loading={write.isPending} onClick={() => save(false)}>
                关闭维护
              </Button>
              <Button disabled={write.isPending} onClick={() => save(true)}>
                更新维护提示
              </Button>
            </>
          ) : (
            <Popconfirm
              title="开启维护？"
              description="开启后会员端只显示维护提示，直到关闭维护。"
              okText="开启维护"
              cancelText="取消"
              okButtonProps={{ danger: true }}
              onConfirm={() => save(true)}
            >
              <Button danger loading={write.isPending}>
                开启维护
              </Button>
            </Popconfirm>
          )}
        </Space>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        会员新打开或刷新页面时立即生效；已打开的页面在回到前台时更新（最迟约 5 分钟）。此操作将记入审计日志。
      </Typography.Paragraph>
    </Card>
  );
}
