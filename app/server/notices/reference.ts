// A notice's reference, as the receipt, the decision mail and the console show
// it: its number with a letter that says what it is ("N-000123").

export const noticeReference = (id: number) => `N-${String(id).padStart(6, "0")}`;
