/** The client's important counts in the header: not yet ordered, not yet inspected, not yet rated. */
export interface ImportantCounts {
  applyingTaskCount: number;
  underAcceptanceTaskCount: number;
  unansweredAssessmentsCount: number;
}
