import { MSG_MESSAGE_CONTENT, MSG_MESSAGE_TITLE } from '@app/contract/console-members';
import {
  consoleScheduleMessage,
  MSG_SEGMENT_MISSING,
  MSG_SEGMENT_PICK,
  MSG_SEND_PAST,
  MSG_SEND_TOO_FAR,
  SCHEDULE_MAX_DAYS,
  type SegmentRow,
} from '@app/contract/console-segments';
import { MSG_WINDOW_TIME } from '@app/contract/time-window';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Select, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { segmentsQuery, useOutreachWrite } from '../api';
import { MessageFields } from '@/shared/MessageFields';

export const SEND_AT_FORMAT = 'YYYY-MM-DD HH:mm';

export interface ScheduleValues {
  segment_id?: number;
  title: string;
  content: string;
  send_at?: Dayjs | null;
}

type Field = 'segment_id' | 'title' | 'content' | 'send_at';

/** The field a refusal of the server belongs to (null: shown as a message). */
export function refusalField(message: string): Field | null {
  if (message === MSG_SEGMENT_PICK || message === MSG_SEGMENT_MISSING) return 'segment_id';
  if (message === MSG_MESSAGE_TITLE || message.startsWith('标题')) return 'title';
  if (message === MSG_MESSAGE_CONTENT || message.startsWith('内容')) return 'content';
  if ([MSG_SEND_PAST, MSG_SEND_TOO_FAR, MSG_WINDOW_TIME].includes(message)) return 'send_at';
  return null;
}

/** Days before today (Beijing, as the browser shows) and past the scheduling horizon are not offered. */
const outOfRange = (d: Dayjs) =>
  d.isBefore(dayjs().startOf('day')) || d.isAfter(dayjs().add(SCHEDULE_MAX_DAYS, 'day').endOf('day'));

/** The schedule call, its refusals on the form's fields, the confirmation of a send now. */
function useSchedule(form: FormInstance<ScheduleValues>, segments: SegmentRow[]) {
  const { modal } = App.useApp();
  const send = useOutreachWrite(consoleScheduleMessage, {
    done: () => form.resetFields(),
    refused: (message) => {
      const field = refusalField(message);
      if (field) form.setFields([{ name: field, errors: [message] }]);
      return field !== null;
    },
  });
  const submit = (v: ScheduleValues) => {
    const input = {
      segment_id: v.segment_id ?? 0,
      title: v.title.trim(),
      content: v.content.trim(),
      send_at: v.send_at ? v.send_at.format(SEND_AT_FORMAT) : '',
    };
    if (input.send_at) return void send.mutate(input);
    const segment = segments.find((s) => s.id === v.segment_id);
    modal.confirm({
      title: '确认立即发送',
      content: `向分群“${segment?.name ?? ''}”（当前 ${segment?.members ?? 0} 人）发送站内信《${input.title}》？发送后不能撤回。`,
      okText: '发送',
      cancelText: '取消',
      onOk: () => send.mutateAsync(input).catch(() => undefined),
    });
  };
  return { send, submit };
}

/** 发送消息: a site message to a segment, now (发送) or at a chosen minute (定时发送). */
export function ScheduleForm() {
  const [form] = Form.useForm<ScheduleValues>();
  const segments = useQuery(segmentsQuery());
  const items = segments.data?.items ?? [];
  const { send, submit } = useSchedule(form, items);
  const later = Form.useWatch('send_at', form);
  return (
    <Card title="发送消息">
      <Form<ScheduleValues>
        form={form}
        layout="vertical"
        initialValues={{ title: '', content: '', send_at: null }}
        onFinish={submit}
        style={{ maxWidth: 720 }}
      >
        <Form.Item label="分群" name="segment_id" rules={[{ required: true, message: MSG_SEGMENT_PICK }]}>
          <Select
            aria-label="分群"
            placeholder={items.length === 0 && !segments.isLoading ? '暂无分群' : '选择分群'}
            loading={segments.isLoading}
            showSearch
            optionFilterProp="label"
            style={{ maxWidth: 360 }}
            options={items.map((s) => ({ value: s.id, label: `${s.name}（${s.members} 人）` }))}
          />
        </Form.Item>
        <MessageFields hint="每位会员在“消息中心”中各收到一条" />
        <Form.Item
          label="发送时间"
          name="send_at"
          extra={`留空：立即发送；最多 ${SCHEDULE_MAX_DAYS} 天内（北京时间）`}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format={SEND_AT_FORMAT}
            allowClear
            aria-label="发送时间"
            placeholder="立即发送"
            disabledDate={outOfRange}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={send.isPending} disabled={send.isPending}>
          {later ? '定时发送' : '发送'}
        </Button>
      </Form>
    </Card>
  );
}
