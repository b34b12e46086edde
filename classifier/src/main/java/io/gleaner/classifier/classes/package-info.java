/**
 * Job classes of COSHH (Rasooli and Down) section 3.1 and the classification half of its Algorithm 1: jobs are
 * clustered by k-means++ (Commons Math) on their log execution rate per node type and their user's log arrival
 * rate, each priority apart, in two classifications (primary: users with a min share; secondary: all users).
 * A new job joins the nearest class of its priority if it fits; otherwise the classification is re-run over a
 * bounded history. Each class carries the arrival rate α_i and execution rates µ_i,t the planner's LP
 * (COSHH section 3.2) needs. A pure core: records in, records out; no Kafka, no Avro, no clock.
 */
package io.gleaner.classifier.classes;
