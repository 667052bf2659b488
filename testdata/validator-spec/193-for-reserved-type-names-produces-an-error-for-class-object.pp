class object {}
