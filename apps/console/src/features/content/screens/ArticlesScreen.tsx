import {
  ARTICLE_TITLE_MAX,
  consoleSaveArticle,
  MSG_ARTICLE_CONTENT,
  MSG_ARTICLE_TITLE,
  type ArticleRow,
} from '@app/contract/console-content';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Form, Input, Menu, Row, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { shortTime } from '@/shared/format';
import { QueryError } from '@/shared/QueryError';
import { RichTextEditor } from '@/shared/RichTextEditor';
import { articlesQuery, useContentWrite } from '../api';
import { richTextRule } from '../rules';

const keyOf = (a: Pick<ArticleRow, 'section' | 'type'>) => `${a.section}-${a.type}`;

interface Values {
  title: string;
  content: string;
}

function ArticleForm({ article }: { article: ArticleRow }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useContentWrite(consoleSaveArticle, () => message.success('文章已保存'));
  useEffect(() => {
    form.setFieldsValue({ title: article.title, content: article.content });
  }, [form, article]);
  return (
    <Card
      title={article.label}
      extra={
        article.updated_at ? (
          <Typography.Text type="secondary">最后保存：{shortTime(article.updated_at)}</Typography.Text>
        ) : (
          <Tag color="warning">未填写，会员端显示“文章不存在”</Tag>
        )
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={save.isPending}
        initialValues={{ title: article.title, content: article.content }}
        onFinish={(v) =>
          save.mutate({
            section: article.section,
            type: article.type,
            title: v.title.trim(),
            content: v.content,
          })
        }
      >
        <Form.Item
          label="标题"
          name="title"
          rules={[
            { required: true, whitespace: true, message: MSG_ARTICLE_TITLE },
            { max: ARTICLE_TITLE_MAX, message: `标题最多${ARTICLE_TITLE_MAX}个字` },
          ]}
        >
          <Input maxLength={ARTICLE_TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item label="正文" name="content" rules={[richTextRule(MSG_ARTICLE_CONTENT)]}>
          <RichTextEditor placeholder="文章正文" minHeight={360} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存文章
        </Button>
      </Form>
    </Card>
  );
}

/** 帮助文章: the help centre's articles and /abouts' own, one editor per article. */
export default function ArticlesScreen() {
  const query = useQuery(articlesQuery());
  const [params, setParams] = useSearchParams();
  if (query.isError && !query.data) {
    return <QueryError error={query.error} retry={() => void query.refetch()} />;
  }
  const items = query.data?.items ?? [];
  const current = items.find((a) => keyOf(a) === params.get('article')) ?? items[0];
  return (
    <Row gutter={16} wrap={false}>
      <Col flex="280px">
        <Card title="帮助文章" loading={query.isPending} styles={{ body: { padding: 0 } }}>
          <Menu
            mode="inline"
            style={{ borderInlineEnd: 'none' }}
            selectedKeys={current ? [keyOf(current)] : []}
            onClick={({ key }) => setParams({ article: key })}
            items={items.map((a) => ({
              key: keyOf(a),
              label: (
                <span>
                  {a.label}
                  {a.updated_at ? null : (
                    <Tag color="warning" style={{ marginInlineStart: 6 }}>
                      未填写
                    </Tag>
                  )}
                </span>
              ),
            }))}
          />
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        {current ? (
          <ArticleForm key={keyOf(current)} article={current} />
        ) : (
          <Card loading={query.isPending}>
            <Empty description="暂无文章" />
          </Card>
        )}
      </Col>
    </Row>
  );
}
