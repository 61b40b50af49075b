/**
 * Test data, not app code: texts and the words `countWords` must find in them, checked in
 * Node (common/stories/words.test.ts) and in Chromium's editor (e2e/stories.spec.ts), so the server
 * and the browser are known to count alike (their `Intl.Segmenter`s come from different ICUs).
 */
export const WORD_COUNT_SAMPLES: ReadonlyArray<{ text: string; words: number; why: string }> = [
  { text: '我喜欢写短篇小说。', words: 4, why: 'Chinese: 我 | 喜欢 | 写 | 短篇小说, the full stop no word' },
  { text: '私は猫が好きです。', words: 6, why: 'Japanese: 私 | は | 猫 | が | 好き | です' },
  { text: 'ฉันชอบเขียนเรื่องสั้น', words: 5, why: 'Thai: ฉัน | ชอบ | เขียน | เรื่อง | สั้น' },
  { text: '他说：“你好！” she said.', words: 5, why: 'Chinese then English: 他 | 说 | 你好, then two spaced words' },
  { text: 'The 東京 tower stood.', words: 4, why: 'a Japanese word between spaced English ones' },
  { text: '東京tower', words: 2, why: 'two scripts in one piece without a space' },
  { text: '나는 글을 쓴다', words: 3, why: 'Korean puts spaces between words: split on them as before' },
  { text: "don't—stop. now!", words: 2, why: 'English: punctuation joins, whitespace splits' },
];
