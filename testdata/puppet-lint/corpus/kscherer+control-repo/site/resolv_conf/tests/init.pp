include ::resolv_conf
