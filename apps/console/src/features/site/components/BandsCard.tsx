import {
  consoleSetRedPacketBands,
  RED_PACKET_BANDS_MAX,
  type RedPacketsView,
} from '@app/contract/console-site';
import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Space, Table, Typography } from 'antd';
import { errorMessage } from '@/shared/api';
import { useCategoryCosts } from '@/shared/promoCosts';
import { useSiteWrite } from '../api';
import { bandColumns } from './bandColumns';
import { bandValueOf, EMPTY_BAND, listProblem, toRows, type BandRow } from './bands';

const EXPLAIN =
  '会员自前一日 12:00 起审核通过的存款落在哪一档，当日就可领取该档的次数；每次随机发放 1.00 元至红包上限。' +
  '为防止稳赚不赔，每档“每日次数 × 红包上限”不能超过该档最低存款；各档存款范围不能重叠。' +
  '会员期望收益是会员存入该档最低存款、领完红包并完成（存款 + 红包）1 倍流水后平均的得失（按庄家优势减去 VIP 最高返水比例），' +
  '为正的档位保存时将被拒绝。';

/** The reasons the server will refuse the bands with (each band above 0), one per line. */
function ValueProblems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginTop: 12 }}
      title={problems.length === 1 ? problems[0] : '以下档位的会员期望收益为正，保存时将被拒绝：'}
      description={
        problems.length > 1 && (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )
      }
    />
  );
}

/**
 * The bands: a member's approved deposits since yesterday 12:00 pick the band; it gives the claims of
 * the day and the largest packet (each claim pays 1.00 up to it). Saved as a whole list.
 */
export function BandsCard({ view, mayEdit }: { view: RedPacketsView; mayEdit: boolean }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ bands: BandRow[] }>();
  const rows = Form.useWatch('bands', form) ?? toRows(view.bands);
  const problem = listProblem(rows);
  const { costs } = useCategoryCosts();
  const values = rows.map((r) => bandValueOf(r, view.bands, costs));
  const problems = values.flatMap((v) => (v?.problem ? [v.problem] : []));
  const write = useSiteWrite(consoleSetRedPacketBands, 'redPackets', () =>
    message.success('红包档位已保存，从下一次领取起生效'),
  );
  const editing = mayEdit && !write.isPending;
  return (
    <Card title="红包档位">
      <Typography.Paragraph type="secondary">{EXPLAIN}</Typography.Paragraph>
      {write.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} message={errorMessage(write.error)} />
      )}
      <Form
        form={form}
        initialValues={{ bands: toRows(view.bands) }}
        disabled={!editing}
        onFinish={(v) =>
          write.mutate({
            bands: v.bands.map((b) => ({
              min_deposit: b.min_deposit,
              max_deposit: b.max_deposit,
              claims: b.claims ?? 0,
              max_amount: b.max_amount,
            })),
          })
        }
      >
        <Form.List name="bands">
          {(fields, { add, remove }) => (
            <>
              <Table
                size="small"
                pagination={false}
                rowKey="key"
                dataSource={fields}
                locale={{ emptyText: '还没有档位，请添加' }}
                columns={bandColumns(rows, values, remove)}
              />
              {problem && <Alert type="error" showIcon style={{ marginTop: 12 }} message={problem} />}
              {!problem && <ValueProblems problems={problems} />}
              {mayEdit && (
                <Space style={{ marginTop: 16 }}>
                  <Button
                    icon={<PlusOutlined />}
                    disabled={!editing || fields.length >= RED_PACKET_BANDS_MAX}
                    onClick={() => add({ ...EMPTY_BAND })}
                  >
                    添加档位
                  </Button>
                  <Button
                    type="primary"
                    htmlType="submit"
                    loading={write.isPending}
                    disabled={problem !== null}
                  >
                    保存档位
                  </Button>
                  <Button disabled={!editing} onClick={() => form.resetFields()}>
                    撤销修改
                  </Button>
                </Space>
              )}
            </>
          )}
        </Form.List>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        修改从会员下一次领取起生效，已领取的红包不受影响。此操作将记入审计日志。
      </Typography.Paragraph>
    </Card>
  );
}
