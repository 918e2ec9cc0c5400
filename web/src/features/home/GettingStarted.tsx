import { CheckCircleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { HomeChecklist, HomeWidget } from '@uniwim/contracts/client';
import { Button, Card, Tag, Typography } from 'antd';
import { useLocalizedTexts } from '../../i18n/texts';
import { api } from '../../lib/api';
import { requestShellOpen } from '../todos/shell-open';
import { gettingStartedTexts } from './getting-started-texts';
import { useWidgetList } from './HomeWidgets';
import { homeApi } from './home-api';
import { earlyOr } from './home-prefetch';
import type { HomeTexts } from './home-texts';
import { WidgetBody } from './WidgetBody';

const home = homeApi(api);

/** A checklist widget's data as its source answered it; anything else is this widget's error. */
export const checklistOf = (data: unknown): HomeChecklist => {
  const checklist = data as Partial<HomeChecklist> | null;
  if (!Array.isArray(checklist?.steps) || typeof checklist.adminLink !== 'string') {
    throw new Error('Unexpected checklist data');
  }
  return checklist as HomeChecklist;
};

/** The admin console replaces the whole shell (the home is a frame of the user's shell). */
const openAdministration = (link: string) => (window.top ?? window).location.assign(link);

const ChecklistCard = ({ widget, texts }: { widget: HomeWidget; texts: HomeTexts }) => {
  const t = useLocalizedTexts(gettingStartedTexts);
  const data = useQuery({
    queryKey: ['home', 'widget', widget.name],
    queryFn: async () =>
      checklistOf((await earlyOr(`widget:${widget.name}`, () => home.widget(widget.name))).data),
  });
  const steps = data.data?.steps ?? [];
  return (
    <Card
      className="home-card home-checklist"
      data-testid="home-getting-started"
      title={
        <span>
          {t.title}
          {data.data && (
            <Typography.Text type="secondary" className="home-checklist__progress">
              {t.progress(steps.filter((step) => step.done).length, steps.length)}
            </Typography.Text>
          )}
        </span>
      }
      extra={
        data.data && (
          <Button
            type="primary"
            size="small"
            onClick={() => openAdministration(data.data.adminLink)}
            data-testid="home-getting-started-admin"
          >
            {t.admin}
          </Button>
        )
      }
    >
      <WidgetBody
        query={data}
        texts={texts}
        isEmpty={(checklist) => checklist.steps.length === 0}
        emptyText=""
        testId="home-getting-started-body"
      >
        {(checklist) => (
          <>
            <Typography.Paragraph type="secondary">{t.intro}</Typography.Paragraph>
            <ol className="home-checklist__steps">
              {checklist.steps.map((step, index) => {
                const words = t.steps[step.key];
                return (
                  <li
                    key={step.key}
                    className={`home-checklist__step${step.done ? ' home-checklist__step--done' : ''}`}
                    data-testid="home-getting-started-step"
                    data-step={step.key}
                    data-done={step.done}
                  >
                    <span className="home-checklist__mark" aria-hidden="true">
                      {step.done ? <CheckCircleFilled /> : index + 1}
                    </span>
                    <div className="home-checklist__text">
                      <Typography.Text strong>{words.title}</Typography.Text>
                      <Typography.Text type="secondary" className="home-checklist__hint">
                        {words.hint}
                      </Typography.Text>
                    </div>
                    {step.done ? (
                      <Tag color="success">{t.done}</Tag>
                    ) : (
                      <Button onClick={() => requestShellOpen(step.link, words.title)}>{words.action}</Button>
                    )}
                  </li>
                );
              })}
            </ol>
          </>
        )}
      </WidgetBody>
    </Card>
  );
};

/**
 * Issue 25: the getting-started guide a new tenant's administrator lands on (a 'checklist' widget):
 * what to do first, each step opening its page of the admin console in a tab, and the way into the
 * administration. The server offers it only while some step is not done, and only to administrators.
 */
export const GettingStarted = ({ texts }: { texts: HomeTexts }) => {
  const widgets = useWidgetList();
  const checklists = (widgets.data ?? []).filter((widget) => widget.kind === 'checklist');
  if (checklists.length === 0) return null;
  return (
    <>
      {checklists.map((widget) => (
        <ChecklistCard key={widget.name} widget={widget} texts={texts} />
      ))}
    </>
  );
};
