# Versions compared as numbers.
class profile::versions (
  String $app_version = '1.2',
) {
  if $facts['os']['release']['major'] >= 7 {
    notice('not a variable named like a version')
  }
  if $::operatingsystemrelease >= 7 { # want "version compared as number"
    notice('a')
  }
  if $app_version == 5 or $app_version != '5' { # want "version compared as number"
    notice('b')
  }
  $newer = $app_version > $other_version # want "version compared as number"
  $sum = $app_version + 1
}
