import { isReviewTicket } from '@app/contract/console-approvals';
import {
  addressProblem,
  consoleSetSiteAddresses,
  SITE_ADDRESS_LABELS,
  type SiteAddressField,
  type SiteSettingsView,
} from '@app/contract/console-site';
import { Alert, App, Button, Card, Form, Input, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { errorMessage } from '@/shared/api';
import { ImageUpload } from '@/shared/ImageUpload';
import { useSubmittedNotice } from '@/shared/review';
import { useSiteWrite } from '../api';

type Addresses = Record<SiteAddressField, string>;

/** The field's rule: the server's own (contract), so the form never sends what it would refuse. */
const rule = (f: SiteAddressField): Rule => ({
  validator: async (_, value: string | undefined) => {
    const problem = addressProblem(f, value ?? '');
    if (problem) throw new Error(problem);
  },
});

const HELP: Record<Exclude<SiteAddressField, 'ios_download_qrcode'>, string> = {
  service_url: '会员点“在线客服”时打开的地址，如 https://kefu.example.com/ 或本站路径 /support/',
  agent_login_url:
    '“代理登录”打开的地址：/agent/ 为本站代理后台（免密进入）；完整地址（https://…）为运营方自己的代理后台',
  ios_download_url: '“下载 App”打开的地址',
  h5_url: '会员的推广链接以此为基础加上 ?pid=会员ID，须为完整地址，如 https://m.example.com/',
};

const TEXT_FIELDS = ['service_url', 'agent_login_url', 'ios_download_url', 'h5_url'] as const;

/** The service, agent-login and download addresses, the download QR picture and the referral base. */
export function AddressesCard({ settings, mayEdit }: { settings: SiteSettingsView; mayEdit: boolean }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Addresses>();
  const submitted = useSubmittedNotice();
  const write = useSiteWrite(consoleSetSiteAddresses, 'settings', (data, serverMessage) =>
    isReviewTicket(data)
      ? submitted(serverMessage, 'site.addresses', '通过前会员仍使用原地址')
      : void message.success('站点地址已保存'),
  );
  const initial: Addresses = {
    service_url: settings.service_url,
    agent_login_url: settings.agent_login_url,
    ios_download_url: settings.ios_download_url,
    ios_download_qrcode: settings.ios_download_qrcode,
    h5_url: settings.h5_url,
  };
  return (
    <Card title="站点地址">
      {write.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} message={errorMessage(write.error)} />
      )}
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '130px' }}
        wrapperCol={{ flex: 'auto' }}
        style={{ maxWidth: 820 }}
        initialValues={initial}
        disabled={!mayEdit || write.isPending}
        onFinish={(v) => write.mutate(v)}
      >
        {TEXT_FIELDS.map((f) => (
          <Form.Item key={f} label={SITE_ADDRESS_LABELS[f]} name={f} rules={[rule(f)]} extra={HELP[f]}>
            <Input maxLength={4096} />
          </Form.Item>
        ))}
        <Form.Item
          label={SITE_ADDRESS_LABELS.ios_download_qrcode}
          name="ios_download_qrcode"
          rules={[rule('ios_download_qrcode')]}
          extra="会员“下载 App”页面显示的二维码图片"
        >
          <ImageUpload width={120} disabled={!mayEdit || write.isPending} />
        </Form.Item>
        {mayEdit && (
          <Form.Item label=" " colon={false}>
            <Button type="primary" htmlType="submit" loading={write.isPending}>
              保存地址
            </Button>
          </Form.Item>
        )}
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        本站路径（以 /
        开头）保存后立即生效；改为其他网站的地址（http(s)://…）须由超级管理员在「待复核」中通过后生效。会员下一次打开相应页面即使用新地址，每次更改都记入审计日志。
      </Typography.Paragraph>
    </Card>
  );
}
