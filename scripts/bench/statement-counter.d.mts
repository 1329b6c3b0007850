/** The statements this process ran since counting started; transaction control apart. */
export interface StatementCounts {
  statements: number;
  transactionControl: number;
  /** The texts of the last 50, oldest first: what a failing check shows. */
  recent: string[];
}

export function countStatements(from: string): StatementCounts;
