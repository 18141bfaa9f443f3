/**
 * The custom-order wizard (docs/custom-orders.md, "The wizard"), with the photo wizard's four steps: Upload Foto (white
 * film and black film), Pilih Packaging (map or box, bubble wrap), Isi Data (the marketplace order), Konfirmasi
 * Pembayaran (name, e-mail, WhatsApp, the total). Everything works offline: the draft is kept on the device, photos
 * wait in the outbox, and the order is a local write the replication sends once its photos are uploaded. Its state is
 * use-custom-wizard.ts's; this lays it out.
 */
import { useId, type ReactNode } from 'react';
import { PhotoPicker } from '../../components/photo-picker';
import { Wizard } from '../../components/wizard';
import { customDraftPrice, customStepReady, CUSTOM_PACKAGING, MARKETPLACES, withoutSeparator, type CustomDraft } from '../../domain/custom';
import { PHOTO_LIST_MAX, TEXT_MAX } from '../../domain/field-limits';
import { formatIDR } from '../../domain/format';
import { MESSAGES } from '../../domain/messages';
import type { PhotoEdit } from '../../domain/photos';
import { CUSTOM_SERVICE_FEE, CUSTOM_UNIT_PRICE, PACKAGING_FEES } from '../../domain/pricing';
import type { CustomDoc } from '../../domain/schemas';
import { UI } from '../../domain/ui-text';
import { CUSTOM_UI } from '../../domain/custom-text';
import { asPhotos, useCustomWizard } from './use-custom-wizard';

const T = CUSTOM_UI;
const O = UI.order;

interface CustomWizardProps {
  /** The account's uid or the device's visitor id; null while a visitor has none yet. */
  owner: string | null;
  onClose(): void;
  onPlaced(order: CustomDoc): void;
}

export function CustomWizard({ owner, onClose, onPlaced }: CustomWizardProps) {
  const { draft, step, furthest, setDraft, changePhotos, setStep, unsendable, contactReady, ready, busy, place } = useCustomWizard(owner, onClose, onPlaced);

  return (
    <Wizard
      title={T.title}
      steps={O.photoSteps}
      step={step}
      furthest={furthest}
      ready={customStepReady(step, draft) && (step !== 0 || unsendable.length === 0)}
      onStep={setStep}
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
