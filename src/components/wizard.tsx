/**
 * The frame every order wizard shares (docs/ordering.md, "The flows"): a modal with its steps, Kembali always (it
 * closes at the first step), Lanjut only when the step is satisfied or the customer has been further already.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Modal } from './modal';
import { UI } from '../domain/ui-text';

const T = UI.order;

interface WizardProps {
  title: string;
  steps: readonly string[];
  step: number;
  /** The furthest step reached so far. */
  furthest: number;
  /** The current step is satisfied. */
  ready: boolean;
  onStep(step: number): void;
  onClose(): void;
  /** The last step's own button(s) (Beli Sekarang, Masukkan Keranjang). */
  finish: ReactNode;
  children: ReactNode;
}

export function Wizard({ title, steps, step, furthest, ready, onStep, onClose, finish, children }: WizardProps) {
  const titleId = useId();
  const last = step === steps.length - 1;
  // A new step takes focus at its title: a screen reader says where the customer is, and focus does not fall to the
  // page when the pressed Lanjut is disabled by the next step. The first step keeps the dialog's own first focus.
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus();
  }, [step]);
  return (
    <Modal titleId={titleId} onClose={onClose} className="wizard">
      <div className="modal-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="modal-close" onClick={onClose} aria-label={T.closeWizard}>
          ×
        </button>
      </div>
      <ol className="wizard-steps">
        {steps.map((name, i) => (
          <li key={name} aria-current={i === step ? 'step' : undefined} className={i <= furthest ? 'reached' : undefined}>
            <span className="step-number" aria-hidden="true">
              {i + 1}
            </span>
            <span className="step-name">{name}</span>
          </li>
        ))}
      </ol>
      <section className="wizard-body" aria-label={T.stepOf(step + 1, steps.length, steps[step] ?? '')}>
        <h3 className="wizard-step-title" ref={heading} tabIndex={-1}>
          {steps[step]}
        </h3>
        {children}
      </section>
      <div className="wizard-actions">
        <button type="button" className="btn" onClick={() => (step === 0 ? onClose() : onStep(step - 1))}>
          {T.back}
        </button>
        {last ? (
          finish
        ) : (
          <button type="button" className="btn btn-primary" disabled={!ready && furthest <= step} onClick={() => onStep(step + 1)}>
            {T.next}
          </button>
        )}
      </div>
    </Modal>
  );
}

/** Step state with the furthest step remembered (Lanjut stays enabled for steps already passed). */
export function nextSteps(step: number, furthest: number): { step: number; furthest: number } {
  return { step, furthest: Math.max(step, furthest) };
}
