// Part 1 of the lessons' claim checks (tests/golden/lesson-parts.ts): a lesson's text is a
// claim about its run, checked against the run's numbers. Split in parts to use every core.
import { checkLessonPart } from './lesson-parts';

checkLessonPart(0);
