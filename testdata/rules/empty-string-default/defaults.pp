# String parameters defaulting to an empty string.
class profile::motd (
  String $banner = '', # want "class parameter with String type defaults to empty string"
  Variant[String, Integer] $footer = '', # want "class parameter with String type defaults to empty string"
  # Another default, a double-quoted "", or another type: nothing to report.
  String $owner = 'root',
  String $group = "",
  Optional[String] $extra = '',
  Optional[String] $notice = undef,
) {
}

define profile::banner (
  String $text = '', # want "class parameter with String type defaults to empty string"
) {
}
