notice("v=${1 +}")
