import { UI } from '../domain/ui-text';

/** 'Tata Cara Pembelian': the three steps, on the landing page and on /tutorial. */
export function TutorialBlock({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="tutorial" aria-labelledby="tutorial-title">
      <Heading id="tutorial-title">{UI.tutorial.title}</Heading>
      <ol className="tutorial-steps">
        {UI.tutorial.steps.map((step, i) => (
          <li key={step.title}>
            <span className="step-number" aria-hidden="true">
              {i + 1}
            </span>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
