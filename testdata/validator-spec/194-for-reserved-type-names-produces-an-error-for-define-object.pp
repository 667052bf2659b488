define object {}
