export interface FaqTopic {
  question: string;
  answerHtml: string;
}

/**
 * Splits the FAQ page's HTML at its <h3> headings: what comes before the first is the intro,
 * each heading and what follows it up to the next is one topic.
 *
 * splitFaq('<p>Hi</p><h3>Q1</h3><p>A1</p><h3>Q2</h3><p>A2</p>')
 *   → { introHtml: '<p>Hi</p>', topics: [{ question: 'Q1', answerHtml: '<p>A1</p>' }, …] }
 */
export function splitFaq(html: string): { introHtml: string; topics: FaqTopic[] } {
  const [introHtml = '', ...sections] = html.split(/<h3[^>]*>/i);
  const topics = sections.map((section) => {
    const [question = '', answerHtml = ''] = section.split(/<\/h3>/i);
    return { question: question.trim(), answerHtml: answerHtml.trim() };
  });
  return { introHtml: introHtml.trim(), topics };
}
