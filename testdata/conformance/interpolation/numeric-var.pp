if 'ab' =~ /(a)/ { notice("v=${1} $1") }
