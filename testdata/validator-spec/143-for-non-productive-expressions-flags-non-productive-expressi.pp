          define nope {
            1
          }
          end
