class arrows {
  package { 'ntp': }
  service { 'ntp': }
  Service['ntp'] <- Package['ntp'] # want "right-to-left \\(<-\\) relationship"
  Service['ntp'] <~ Package['ntp']
  Package['ntp'] -> Service['ntp']
}
