/**
 * The custom-order wizard's state (custom-wizard.tsx): the draft and its step, kept on the device per owner and
 * followed across tabs, a visitor's draft taken over at sign-in, the contact fields filled from the account, the
 * photos that can never be sent, and Konfirmasi Pesanan (the named write `placeCustomOrder`).
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { nextSteps } from '../../components/wizard';
import { buildCustomOrder, customConfirmReady, emptyCustomDraft, isCustomPackaging, isMarketplace, type CustomDraft } from '../../domain/custom';
import { isLocalPhotoRef, localPhotoId, type PhotoEdit } from '../../domain/photos';
import type { CustomDoc } from '../../domain/schemas';
import { CUSTOM_UI } from '../../domain/custom-text';
import { storedVisitorId } from '../../lib/auth/visitor-id';
import { adoptPhotos } from '../../lib/photos/outbox';
import { unsendablePhotos, usePhotoStates } from '../../lib/photos/use-outbox';
import { useBuyer } from '../../lib/use-buyer';
import { useWrites } from '../../lib/writes/use-writes';

const T = CUSTOM_UI;

interface Saved {
  draft: CustomDraft;
  step: number;
  furthest: number;
}

const draftKey = (owner: string) => `jepret.draft.custom.${owner}`;

/**
 * A visitor who signs up (or logs in) on this device keeps the custom order they had begun: with no draft of the
 * account's own, the visitor's becomes the account's, and its photos with it (the account's uploader sends them),
 * rather than waiting forever under the visitor's name.
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

export const asPhotos = (refs: string[]): PhotoEdit[] => refs.map((url) => ({ url, caption: '' }));

/**
 * The owner's draft and step as kept on the device: a visitor's draft taken over at sign-in, saved as it changes,
 * followed when another tab changes it (and closed once that tab placed it), its contact fields filled from the
 * account.
 */
function useSavedDraft(owner: string | null, onClose: () => void) {
  const { buyer } = useBuyer();
  const [saved, setSaved] = useState<Saved>(() => loadSaved(owner ?? ''));

  // Signed in with a visitor's draft on the device: it is taken over before anything of the account's is saved.
  const [adopting, setAdopting] = useState(() => owner !== null && owner !== storedVisitorId());
  // Once, at mount: what the first render saw decides.
  const adopt = useEffectEvent(() => {
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
  });
  useEffect(() => adopt(), []);
  useEffect(() => {
    if (owner && !adopting) localStorage.setItem(draftKey(owner), JSON.stringify(saved));
  }, [owner, saved, adopting]);
  // The same draft open in another tab: its changes show here, and once it placed the order (the draft is gone) this
  // wizard closes on the list where that order shows, rather than offering to send the same order a second time.
  const closeWizard = useEffectEvent(() => onClose());
  useEffect(() => {
    if (!owner) return;
    const onStorage = (e: StorageEvent) => {
      if (e.key !== draftKey(owner) && e.key !== null) return;
      if (localStorage.getItem(draftKey(owner)) === null) {
        setSaved({ draft: emptyCustomDraft(), step: 0, furthest: 0 });
        closeWizard();
      } else {
        setSaved(loadSaved(owner));
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [owner]);
  // A signed-in customer's own details fill the empty contact fields.
  const [userName, email, phone] = [buyer?.userName, buyer?.email, buyer?.phone];
  useEffect(() => {
    if (userName === undefined || email === undefined || phone === undefined) return;
    setSaved((s) => ({ ...s, draft: fillContact(s.draft, { userName, email, phone }) }));
  }, [userName, email, phone]);
  return [saved, setSaved] as const;
}

export function useCustomWizard(owner: string | null, onClose: () => void, onPlaced: (order: CustomDoc) => void) {
  const writes = useWrites();
  const [saved, setSaved] = useSavedDraft(owner, onClose);
  const [busy, setBusy] = useState(false);
  const { draft, step, furthest } = saved;
  const setDraft = (patch: Partial<CustomDraft>) => setSaved((s) => ({ ...s, draft: { ...s.draft, ...patch } }));
  /** The picker's change, applied to the list as it is now (a pick answers seconds after it started). */
  const changePhotos = (list: 'white' | 'black', update: (current: PhotoEdit[]) => PhotoEdit[]) =>
    setSaved((s) => ({ ...s, draft: { ...s.draft, [list]: update(asPhotos(s.draft[list])).map((p) => p.url) } }));

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

  const setStep = (s: number) => setSaved((cur) => ({ ...cur, ...nextSteps(s, cur.furthest) }));
  return { draft, step, furthest, setDraft, changePhotos, setStep, unsendable, contactReady, ready, busy, place };
}
