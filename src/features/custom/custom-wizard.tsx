/**
 * The custom-order wizard (spec sections 2, 4 and 5), with the photo wizard's four steps: Upload Foto (white film and
 * black film), Pilih Packaging (map or box, bubble wrap), Isi Data (the marketplace order), Konfirmasi Pembayaran
 * (name, e-mail, WhatsApp, the total). Everything works offline: the draft is kept on the device, photos wait in the
 * outbox, and the order is a local write the replication sends once its photos are uploaded.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { PhotoPicker } from '../../components/photo-picker';
import { useBuyer } from '../../lib/use-buyer';
import { nextSteps, Wizard } from '../../components/wizard';
import {
  buildCustomOrder,
  customConfirmReady,
  customDraftPrice,
  customStepReady,
  CUSTOM_PACKAGING,
  emptyCustomDraft,
  isCustomPackaging,
  isMarketplace,
  MARKETPLACES,
  withoutSeparator,
  type CustomDraft,
} from '../../domain/custom';
import { PHOTO_LIST_MAX, TEXT_MAX } from '../../domain/field-limits';
import { formatIDR } from '../../domain/format';
import { MESSAGES } from '../../domain/messages';
import { isLocalPhotoRef, localPhotoId, type PhotoEdit } from '../../domain/photos';
import { CUSTOM_SERVICE_FEE, CUSTOM_UNIT_PRICE, PACKAGING_FEES } from '../../domain/pricing';
import type { CustomDoc } from '../../domain/schemas';
import { UI } from '../../domain/ui-text';
import { adoptPhotos } from '../../lib/photos/outbox';
import { storedVisitorId } from '../../lib/auth/visitor-id';
import { unsendablePhotos, usePhotoStates } from '../../lib/photos/use-outbox';
import { useWrites } from '../../lib/writes/use-writes';

const T = UI.custom;
const O = UI.order;

interface Saved {
  draft: CustomDraft;
  step: number;
  furthest: number;
}

const draftKey = (owner: string) => `jepret.draft.custom.${owner}`;

/**
 * A visitor who signs up (or logs in) on this device keeps the custom order they had begun: with no draft of the
 * account's own, the visitor's becomes the account's, and its photos with it (the account's uploader sends them). It
 * vanished before, its photos waiting forever under the visitor's name.
 */
async function adoptVisitorDraft(owner: string, visitorId: string | null): Promise<boolean> {
  if (!visitorId || visitorId === owner || localStorage.getItem(draftKey(owner)) !== null) return false;
  const visitors = localStorage.getItem(draftKey(visitorId));
  if (visitors === null) return false;
  const { draft } = loadSaved(visitorId);
  await adoptPhotos([...draft.white, ...draft.black].filter(isLocalPhotoRef).map(localPhotoId), owner);
  localStorage.setItem(draftKey(owner), visitors);
  localStorage.removeItem(draftKey(visitorId));
  return true;
}

function loadSaved(owner: string): Saved {
  try {
    const saved = JSON.parse(localStorage.getItem(draftKey(owner)) ?? 'null') as Saved | null;
    const d = saved?.draft;
    if (d && Array.isArray(d.white) && Array.isArray(d.black) && isCustomPackaging(d.packaging) && isMarketplace(d.marketplace)) {
      return { draft: { ...emptyCustomDraft(), ...d }, step: Math.min(Math.max(0, saved.step | 0), 3), furthest: Math.min(saved.furthest | 0, 3) };
    }
  } catch {
    // A damaged draft is only a draft.
  }
  return { draft: emptyCustomDraft(), step: 0, furthest: 0 };
}

type Contact = Pick<CustomDraft, 'userName' | 'email' | 'phone'>;
/** The draft's contact fields, each left empty filled from `from`. */
const fillContact = (draft: CustomDraft, from: Contact): CustomDraft => ({
  ...draft,
  userName: draft.userName || from.userName,
  email: draft.email || from.email,
  phone: draft.phone || from.phone,
});

const asPhotos = (refs: string[]): PhotoEdit[] => refs.map((url) => ({ url, caption: '' }));

interface CustomWizardProps {
  /** The account's uid or the device's visitor id; null while a visitor has none yet. */
  owner: string | null;
  onClose(): void;
  onPlaced(order: CustomDoc): void;
}

export function CustomWizard({ owner, onClose, onPlaced }: CustomWizardProps) {
  const writes = useWrites();
  const { buyer } = useBuyer();
  const [saved, setSaved] = useState<Saved>(() => loadSaved(owner ?? ''));
  const [busy, setBusy] = useState(false);
  const { draft, step, furthest } = saved;
  const setDraft = (patch: Partial<CustomDraft>) => setSaved((s) => ({ ...s, draft: { ...s.draft, ...patch } }));
  /** The picker's change, applied to the list as it is now (a pick answers seconds after it started). */
  const changePhotos = (list: 'white' | 'black', update: (current: PhotoEdit[]) => PhotoEdit[]) =>
    setSaved((s) => ({ ...s, draft: { ...s.draft, [list]: update(asPhotos(s.draft[list])).map((p) => p.url) } }));

  // Signed in with a visitor's draft on the device: it is taken over before anything of the account's is saved.
  const [adopting, setAdopting] = useState(() => owner !== null && owner !== storedVisitorId());
  useEffect(() => {
    if (!adopting || !owner) return;
    void adoptVisitorDraft(owner, storedVisitorId())
      .then((adopted) => {
        if (!adopted) return;
        // The contact fields the account's details filled meanwhile stay, where the visitor's draft left them empty.
        setSaved((s) => {
          const taken = loadSaved(owner);
          return { ...taken, draft: fillContact(taken.draft, s.draft) };
        });
      })
      .catch((err: unknown) => console.error(err))
      .finally(() => setAdopting(false));
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (owner && !adopting) localStorage.setItem(draftKey(owner), JSON.stringify(saved));
  }, [owner, saved, adopting]);
  // The same draft open in another tab: its changes show here, and once it placed the order (the draft is gone) this
  // wizard closes on the list where that order shows, rather than offering to send the same order a second time.
  useEffect(() => {
    if (!owner) return;
    const onStorage = (e: StorageEvent) => {
      if (e.key !== draftKey(owner) && e.key !== null) return;
      if (localStorage.getItem(draftKey(owner)) === null) {
        setSaved({ draft: emptyCustomDraft(), step: 0, furthest: 0 });
        onClose();
      } else {
        setSaved(loadSaved(owner));
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [owner]); // eslint-disable-line react-hooks/exhaustive-deps
  // A signed-in customer's own details fill the empty contact fields.
  useEffect(() => {
    if (!buyer) return;
    setSaved((s) => ({ ...s, draft: fillContact(s.draft, buyer) }));
  }, [buyer?.userName, buyer?.email, buyer?.phone]); // eslint-disable-line react-hooks/exhaustive-deps

  // A photo that will never be uploaded (refused by the server, or gone from the device with a Log Out) blocks the
  // order, which would wait for it forever, and says which one (as the photo wizard does).
  const whiteStates = usePhotoStates(draft.white);
  const blackStates = usePhotoStates(draft.black);
  const unsendable = [
    ...unsendablePhotos(draft.white, whiteStates).map((n) => `${n} (${T.white})`),
    ...unsendablePhotos(draft.black, blackStates).map((n) => `${n} (${T.black})`),
  ];
  const contactReady = customConfirmReady(draft);
  const ready = contactReady && unsendable.length === 0;

  const place = async () => {
    if (!owner || !ready) return;
    setBusy(true);
    const order = buildCustomOrder(owner, draft);
    if (!(await writes.placeCustomOrder(order))) return setBusy(false);
    localStorage.removeItem(draftKey(owner));
    onPlaced(order);
  };

  return (
    <Wizard
      title={T.title}
      steps={O.photoSteps}
      step={step}
      furthest={furthest}
      ready={customStepReady(step, draft) && (step !== 0 || unsendable.length === 0)}
      onStep={(s) => setSaved((cur) => ({ ...cur, ...nextSteps(s, cur.furthest) }))}
      onClose={onClose}
      finish={
        <button type="button" className="btn btn-primary" disabled={!ready || !owner || busy} aria-describedby={ready ? undefined : contactReady ? 'custom-unsendable' : 'custom-confirm-hint'} onClick={() => void place()}>
          {T.confirm}
        </button>
      }
    >
      <div className="custom-wizard">
        {step === 0 && (owner ? <PhotoStep owner={owner} draft={draft} setDraft={setDraft} changePhotos={changePhotos} /> : <p className="notice">{T.needVisitorId}</p>)}
        {step === 1 && <PackagingStep draft={draft} setDraft={setDraft} />}
        {step === 2 && <MarketplaceStep draft={draft} setDraft={setDraft} />}
        {unsendable.length > 0 && (
          <p id="custom-unsendable" className="field-error" role="alert">
            {O.photosUnsendable(unsendable.join(', '))}
          </p>
        )}
        {step === 3 && <ConfirmStep draft={draft} setDraft={setDraft} ready={contactReady} />}
        {step < 3 && draft.white.length + draft.black.length > 0 && (
          <p className="wizard-total">
            {O.total}: <strong>{formatIDR(customDraftPrice(draft))}</strong>
          </p>
        )}
      </div>
    </Wizard>
  );
}

interface StepProps {
  draft: CustomDraft;
  setDraft(patch: Partial<CustomDraft>): void;
}

function PhotoStep({ owner, draft, changePhotos }: StepProps & { owner: string; changePhotos(list: 'white' | 'black', update: (current: PhotoEdit[]) => PhotoEdit[]): void }) {
  const film = (list: 'white' | 'black', name: string, note: string) => (
    <section className="film-list" aria-label={name}>
      <h4>{name}</h4>
      <p className="field-note">{note}</p>
      <PhotoPicker
        owner={owner}
        photos={asPhotos(draft[list])}
        onChange={(update) => changePhotos(list, update)}
        listName={name}
        plain
        discardOnRemove
        emptyText={null}
        // Both films together make the order's photo list (the server's schema holds PHOTO_LIST_MAX).
        max={PHOTO_LIST_MAX - draft[list === 'white' ? 'black' : 'white'].length}
        limit={PHOTO_LIST_MAX}
      />
    </section>
  );
  return (
    <>
      {draft.white.length + draft.black.length === 0 && <p className="empty">{T.noPhotos}</p>}
      {film('white', T.white, T.whiteNote)}
      {film('black', T.black, T.blackNote)}
    </>
  );
}

function PackagingStep({ draft, setDraft }: StepProps) {
  const name = useId();
  return (
    <>
      <fieldset className="packaging-options">
        <legend className="visually-hidden">{O.packagingTitle}</legend>
        {CUSTOM_PACKAGING.map((type) => (
          <label key={type} className="radio-card">
            <input type="radio" name={name} value={type} checked={draft.packaging === type} onChange={() => setDraft({ packaging: type })} />
            <span>
              {O.packaging[type]} · {O.perPhoto(formatIDR(PACKAGING_FEES[type]))}
            </span>
          </label>
        ))}
      </fieldset>
      <Field label={T.bubbleWrap} note={T.bubbleWrapNote} check>
        {(id, noteId) => (
          <input id={id} type="checkbox" checked={draft.bubbleWrap} aria-describedby={noteId} onChange={(e) => setDraft({ bubbleWrap: e.target.checked })} />
        )}
      </Field>
    </>
  );
}

function MarketplaceStep({ draft, setDraft }: StepProps) {
  const name = useId();
  return (
    <>
      <fieldset className="packaging-options">
        <legend>{T.marketplace}</legend>
        {MARKETPLACES.map((m) => (
          <label key={m} className="radio-card">
            <input type="radio" name={name} value={m} checked={draft.marketplace === m} onChange={() => setDraft({ marketplace: m })} />
            <span>{T.marketplaces[m]}</span>
          </label>
        ))}
      </fieldset>
      <Field label={T.account} note={T.marketplaceNote}>
        {(id, noteId) => (
          <input id={id} type="text" required maxLength={TEXT_MAX.marketplaceField} autoComplete="off" value={draft.account} aria-describedby={noteId} onChange={(e) => setDraft({ account: withoutSeparator(e.target.value) })} />
        )}
      </Field>
      <Field label={T.orderNumber}>
        {(id) => (
          <input id={id} type="text" required maxLength={TEXT_MAX.marketplaceField} autoComplete="off" value={draft.orderNumber} onChange={(e) => setDraft({ orderNumber: withoutSeparator(e.target.value) })} />
        )}
      </Field>
    </>
  );
}

const CONTACT_MAX = { userName: TEXT_MAX.name, email: TEXT_MAX.email, phone: TEXT_MAX.phone } as const;

function ConfirmStep({ draft, setDraft, ready }: StepProps & { ready: boolean }) {
  const count = draft.white.length + draft.black.length;
  const text = (key: 'userName' | 'email' | 'phone', label: string, type: string, autoComplete: string) => (
    <Field label={label}>
      {(id) => <input id={id} type={type} required maxLength={CONTACT_MAX[key]} autoComplete={autoComplete} value={draft[key]} onChange={(e) => setDraft({ [key]: e.target.value })} />}
    </Field>
  );
  return (
    <>
      {text('userName', T.fullName, 'text', 'name')}
      {text('email', T.email, 'email', 'email')}
      {text('phone', T.phone, 'tel', 'tel')}
      {!ready && (
        <p id="custom-confirm-hint" className="field-note">
          {count === 0 ? T.noPhotos : MESSAGES.custom_contact_required}
        </p>
      )}
      <div className="order-summary">
        <h4>{O.summaryTitle}</h4>
        <dl>
          {/* A film with no photos is not part of the order (as in its title in Transaksi). */}
          {draft.white.length > 0 && <Line label={T.film(T.white, draft.white.length)} value={CUSTOM_UNIT_PRICE * draft.white.length} />}
          {draft.black.length > 0 && <Line label={T.film(T.black, draft.black.length)} value={CUSTOM_UNIT_PRICE * draft.black.length} />}
          <Line label={T.packagingLine(O.packaging[draft.packaging], count)} value={PACKAGING_FEES[draft.packaging] * count} />
          <Line label={T.serviceFee} value={CUSTOM_SERVICE_FEE} />
          <div className="summary-total">
            <dt>{O.total}</dt>
            <dd data-testid="custom-total">{formatIDR(customDraftPrice(draft))}</dd>
          </div>
        </dl>
        <p className="field-note">
          {T.marketplaces[draft.marketplace]} · {draft.account} · {draft.orderNumber}
          {draft.bubbleWrap && ` · ${T.bubbleWrap}`}
        </p>
      </div>
    </>
  );
}

const Line = ({ label, value }: { label: string; value: number }) => (
  <div>
    <dt>{label}</dt>
    <dd>{formatIDR(value)}</dd>
  </div>
);

function Field({ label, note, check, children }: { label: string; note?: string; check?: boolean; children(id: string, noteId?: string): ReactNode }) {
  const id = useId();
  const noteId = note ? `${id}-note` : undefined;
  return (
    <div className={check ? 'field field-check' : 'field'}>
      {check && children(id, noteId)}
      <label htmlFor={id}>{label}</label>
      {!check && children(id, noteId)}
      {note && (
        <p id={noteId} className="field-note">
          {note}
        </p>
      )}
    </div>
  );
}
