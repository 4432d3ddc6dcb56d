import {
  BLACKLIST_KIND_LABELS,
  BLACKLIST_KINDS,
  BLACKLIST_REASON_MAX,
  BLACKLIST_VALUE_MAX,
  consoleAddBlacklist,
  consoleBlacklist,
  consoleRemoveBlacklist,
  MSG_BLACKLIST_KIND,
  MSG_BLACKLIST_VALUE,
  type BlacklistKind,
  type BlacklistRow,
} from '@app/contract/console-blacklist';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { callApi, errorMessage } from '@/shared/api';
import { shortTime } from '@/shared/format';
import { QueryError } from '@/shared/QueryError';
import { usePaging } from '@/shared/usePaging';

const KEY = ['console', 'blacklist'] as const;
const KIND_OPTIONS = BLACKLIST_KINDS.map((k) => ({ value: k, label: BLACKLIST_KIND_LABELS[k] }));
const HINTS: Record<BlacklistKind, string> = {
  card: '只保留数字，空格和横线会去掉',
  usdt: '按原样保存（区分大小写）',
  wallet: '支付宝或微信账号，不区分大小写',
  ip: '例如 203.0.113.7',
  device: 'App 上报的设备ID',
  mobile: '只保留数字',
};

interface AddValues {
  kind: BlacklistKind;
  value: string;
  reason?: string;
}

/** 加入黑名单: kind, value and reason; the server normalises the value. */
function AddModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<AddValues>();
  const kind = Form.useWatch('kind', form);
  const add = useMutation({
    mutationFn: (v: AddValues) =>
      callApi(consoleAddBlacklist, { kind: v.kind, value: v.value.trim(), reason: v.reason?.trim() ?? '' }),
    onSuccess: async (row) => {
      message.success(`已加入黑名单：${row.value}`);
      form.resetFields();
      onClose();
      await qc.invalidateQueries({ queryKey: KEY });
    },
  });
  return (
    <Modal
      open={open}
      title="加入黑名单"
      okText="加入"
      cancelText="取消"
      okButtonProps={{ loading: add.isPending }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {add.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} message={errorMessage(add.error)} />
      )}
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="会员注册、绑定银行卡/USDT地址/手机号或提款时命中黑名单，只会看到“暂时无法完成此操作，请联系客服”。"
      />
      <Form<AddValues> form={form} layout="vertical" onFinish={(v) => add.mutate(v)}>
        <Form.Item name="kind" label="类型" rules={[{ required: true, message: MSG_BLACKLIST_KIND }]}>
          <Select aria-label="类型" options={KIND_OPTIONS} placeholder="选择类型" />
        </Form.Item>
        <Form.Item
          name="value"
          label="内容"
          extra={kind ? HINTS[kind] : undefined}
          rules={[
            { required: true, whitespace: true, message: MSG_BLACKLIST_VALUE },
            { max: BLACKLIST_VALUE_MAX, message: `内容最多${BLACKLIST_VALUE_MAX}个字符` },
          ]}
        >
          <Input aria-label="内容" maxLength={BLACKLIST_VALUE_MAX} />
        </Form.Item>
        <Form.Item name="reason" label="原因">
          <Input.TextArea aria-label="原因" rows={3} maxLength={BLACKLIST_REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The list's columns; 移出 asks first. */
function columns(onRemove: (id: number) => Promise<unknown>): TableColumnsType<BlacklistRow> {
  return [
    {
      title: '类型',
      dataIndex: 'kind',
      width: 150,
      render: (k: BlacklistKind) => <Tag>{BLACKLIST_KIND_LABELS[k]}</Tag>,
    },
    {
      title: '内容',
      dataIndex: 'value',
      render: (v: string) => <span style={{ wordBreak: 'break-all' }}>{v}</span>,
    },
    { title: '原因', dataIndex: 'reason', render: (v: string) => v || '—' },
    { title: '添加人', dataIndex: 'created_by', width: 120 },
    { title: '添加时间', dataIndex: 'created_at', width: 160, render: (v: string) => shortTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_, r) => (
        <Popconfirm
          title="移出黑名单？"
          description={`${BLACKLIST_KIND_LABELS[r.kind]}：${r.value}`}
          okText="移出"
          cancelText="取消"
          onConfirm={() => onRemove(r.id)}
        >
          <Button size="small" danger>
            移出
          </Button>
        </Popconfirm>
      ),
    },
  ];
}

/** 黑名单: the entries by kind and value, added and removed by 风控 and 财务. */
export default function BlacklistScreen() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const paging = usePaging();
  const [kind, setKind] = useState<BlacklistKind | ''>('');
  const [q, setQ] = useState('');
  const [adding, setAdding] = useState(false);
  const query = useQuery({
    queryKey: [...KEY, kind, q, paging.page, paging.pageSize],
    queryFn: () => callApi(consoleBlacklist, { kind, q, page: paging.page, pageSize: paging.pageSize }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: number) => callApi(consoleRemoveBlacklist, { id }),
    onSuccess: async () => {
      message.success('已移出黑名单');
      await qc.invalidateQueries({ queryKey: KEY });
    },
    onError: (err) => message.error(errorMessage(err)),
  });
  return (
    <Card
      title="黑名单"
      extra={
        <Button type="primary" onClick={() => setAdding(true)}>
          加入黑名单
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label="筛选类型"
          style={{ width: 160 }}
          value={kind}
          onChange={(v) => {
            setKind(v);
            paging.setPage(1);
          }}
          options={[{ value: '', label: '全部类型' }, ...KIND_OPTIONS]}
        />
        <Input.Search
          aria-label="搜索黑名单"
          placeholder="内容开头几位"
          allowClear
          enterButton="搜索"
          maxLength={BLACKLIST_VALUE_MAX}
          style={{ width: 320 }}
          onSearch={(v) => {
            setQ(v.trim());
            paging.setPage(1);
          }}
        />
      </Space>
      {query.isError && !query.data ? (
        <QueryError error={query.error} retry={() => void query.refetch()} />
      ) : (
        <Table<BlacklistRow>
          rowKey="id"
          size="middle"
          loading={query.isFetching}
          dataSource={query.data?.items ?? []}
          locale={{ emptyText: '暂无黑名单' }}
          pagination={paging.pagination(query.data?.total ?? 0)}
          columns={columns((id) => remove.mutateAsync(id).catch(() => undefined))}
        />
      )}
      <AddModal open={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}
