public enum CSVSourcePlaceholder {}
