          class nope {
            1
          }
          end
