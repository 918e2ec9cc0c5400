import type { CurrentUser } from '@uniwim/contracts/client';
import { useEffect } from 'react';
import { useLanguage } from '../../i18n';
import { type LocalizedTexts, textsIn } from '../../i18n/texts';
import { api } from '../api';
import {
  mountWatermark,
  type WatermarkOptions,
  type WatermarkPolicyValues,
  watermarkOptionsFor,
  watermarkText,
} from './watermark';

/** What a watermarked view is (issue 16): the row its trace id stands for. */
export interface TracedView {
  kind: 'page' | 'notice' | 'file' | 'export';
  /** The page's path, the notice's or the file's id. */
  target: string;
  targetLabel?: string;
}

/** The word before the trace id on the watermark's last line. */
export const TRACE_LABELS: LocalizedTexts<string> = { 'zh-CN': '追踪码', 'en-US': 'Trace' };

/** Asks the server for the view's trace id; '' when it cannot (the watermark still shows the user). */
export const issueWatermarkTrace = async (view: TracedView): Promise<string> =>
  api
    .post<{ traceId: string }>('/ump/watermark/traces', {
      kind: view.kind,
      target: view.target.slice(0, 500),
      ...(view.targetLabel ? { targetLabel: view.targetLabel.slice(0, 200) } : {}),
    })
    .then((answer) => answer.traceId)
    .catch(() => '');

/**
 * The user's watermark over `target` with the view's own trace id (the tenant's policy decides
 * whether there is one; its default when the policy cannot be read). A new view (another page,
 * another file) gets a new trace id and a redrawn watermark.
 */
export const useTracedWatermark = (
  target: HTMLElement | null,
  user: CurrentUser | null | 'load',
  view: TracedView | null,
  /** 'absolute' covers the target only (a preview), 'fixed' the viewport (the default). */
  position: WatermarkOptions['position'] = 'fixed',
) => {
  const viewKey = view ? `${view.kind}\u0000${view.target}\u0000${view.targetLabel ?? ''}` : '';
  // A language switch redraws the watermark with the label in the new language.
  const traceLabel = textsIn(TRACE_LABELS, useLanguage());
  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is compared by its key
  useEffect(() => {
    if (!target || !user || !view) return;
    let unmount: (() => void) | undefined;
    let cancelled = false;
    // After the first paint: drawing the watermark measures the page, which would force a layout early.
    const timer = setTimeout(async () => {
      const who = user === 'load' ? await api.get<CurrentUser>('/ump/currUserInfo').catch(() => null) : user;
      if (!who || cancelled) return;
      const options = await api
        .get<WatermarkPolicyValues>('/ump/watermark')
        .then((policy) => watermarkOptionsFor(policy, who))
        .catch(() => ({ text: watermarkText(who) }));
      // A policy that turned the watermark off issues no trace id: there is nothing to carry it.
      if (cancelled || !options) return;
      const traceId = await issueWatermarkTrace(view);
      if (!cancelled) unmount = mountWatermark(target, { ...options, traceId, traceLabel, position });
    }, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      unmount?.();
    };
  }, [target, user, viewKey, position, traceLabel]);
};
