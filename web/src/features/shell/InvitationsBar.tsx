import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invitation } from '@uniwim/contracts';
import { useState } from 'react';
import { api } from '../../lib/api';
import type { ShellTexts } from './shell-texts';

const detailsOf = (item: Invitation, texts: ShellTexts['invitations']) =>
  [
    ...(item.departmentName ? [`${texts.department}: ${item.departmentName}`] : []),
    ...(item.roleNames.length > 0 ? [`${texts.roles}: ${item.roleNames.join(', ')}`] : []),
  ].join(' · ');

/**
 * The signed-in account's invitations to join other tenants (an administrator added it by its
 * mobile): each is accepted or declined here by the account's holder, never by the inviting tenant.
 * Nothing shows while there are none, or when the list cannot be read (the shell works without it).
 */
export const InvitationsBar = ({ texts }: { texts: ShellTexts['invitations'] }) => {
  const client = useQueryClient();
  const invitations = useQuery({
    queryKey: ['invitations'],
    queryFn: () => api.get<Invitation[]>('/ump/invitations'),
    retry: false,
  });
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ text: string; failed: boolean } | null>(null);

  const answer = async (tenantId: string, verb: 'accept' | 'decline') => {
    setBusy(tenantId);
    try {
      await api.post(`/ump/invitations/${encodeURIComponent(tenantId)}/${verb}`, {});
      setNotice({ text: verb === 'accept' ? texts.accepted : texts.declined, failed: false });
      await Promise.all([
        client.invalidateQueries({ queryKey: ['invitations'] }),
        client.invalidateQueries({ queryKey: ['tenant-options'] }),
      ]);
    } catch {
      setNotice({ text: texts.failed, failed: true });
    } finally {
      setBusy(null);
    }
  };

  const items = invitations.data ?? [];
  if (items.length === 0 && !notice) return null;
  return (
    <section className="shell-invitations" aria-label={texts.label} data-testid="shell-invitations">
      {items.map((item) => (
        <div className="shell-invitations__item" key={item.tenantId}>
          <span className="shell-invitations__text">
            <strong>{item.tenantName}</strong> {texts.invites}
            {detailsOf(item, texts) && (
              <span className="shell-invitations__details"> · {detailsOf(item, texts)}</span>
            )}
          </span>
          <button
            type="button"
            className="shell-button shell-button--primary"
            disabled={busy !== null}
            onClick={() => void answer(item.tenantId, 'accept')}
          >
            {texts.accept}
          </button>
          <button
            type="button"
            className="shell-button"
            disabled={busy !== null}
            onClick={() => void answer(item.tenantId, 'decline')}
          >
            {texts.decline}
          </button>
        </div>
      ))}
      {notice && (
        <p className="shell-invitations__notice" role={notice.failed ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
    </section>
  );
};
