/// "1 stroke", "2 strokes": a count with its noun in the number the count needs.
func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
}
