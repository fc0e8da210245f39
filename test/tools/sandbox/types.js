// @ts-check
'use strict';

/**
 * Internal record shapes. Records are compact and unwrapped; render.js turns
 * them into the spec's wrapped JSON views at response time. Timestamps are
 * epoch milliseconds internally and ISO strings on the wire.
 *
 * @typedef {object} User
 * @property {string} id
 * @property {string} firstName
 * @property {string} lastName
 * @property {string} email
 * @property {string} avatarUrl
 * @property {number | null} deactivatedAt
 *
 * @typedef {object} Client
 * @property {string} id
 * @property {string} name
 * @property {string} description
 * @property {string} domain
 * @property {string} logoUrl
 * @property {string} industry
 * @property {string} size
 *
 * Location as stored: any subset of the twelve spec fields.
 * @typedef {object} Location
 * @property {string} [type]
 * @property {string} [street1]
 * @property {string} [street2]
 * @property {string} [postalCode]
 * @property {string} [city]
 * @property {string} [region]
 * @property {string} [state]
 * @property {string} [country]
 * @property {string} [rawCityCountry]
 * @property {number} [latitude]
 * @property {number} [longitude]
 * @property {string} [formattedAddress]
 *
 * A person at a client company. Client contacts are candidates too (the spec's
 * Client contact carries a `candidateId`), so names come from that candidate.
 * @typedef {object} ClientContact
 * @property {string} id
 * @property {string} candidateId
 * @property {string} companyId
 * @property {string} role
 * @property {string} department
 * @property {number} startDate
 * @property {number | null} endDate
 * @property {boolean} active
 * @property {string} stageId
 *
 * Candidate fields the sandbox stores explicitly; everything else about a
 * candidate is derived deterministically from `seed` (see profile.js).
 * @typedef {object} CandidateOverrides
 * @property {string} [firstName]
 * @property {string} [lastName]
 * @property {string} [email]
 * @property {string} [phoneNumber]
 * @property {string | null} [networkUrl]
 * @property {Location} [location]
 * @property {string} [acquisitionSource]
 *
 * @typedef {object} CandidateRecord
 * @property {string} id
 * @property {number} seed
 * @property {number} createdAt
 * @property {number} modifiedAt
 * @property {number} lastActivityAt
 * @property {CandidateOverrides | null} overrides
 *
 * @typedef {{ currency?: string, min?: number, max?: number }} SalaryRange
 * @typedef {{ currency: string, amount: number }} Money
 * @typedef {{ group_name: string, attributes: { attribute: string }[] }} ScorecardGroup
 * @typedef {{ id: string, content: string, dueDate: number }} TaskDue
 * @typedef {{ attributeDefinitionId: string, label: string, description: string, filledByAI: boolean,
 *   options: string[], value: { viewType: string, imageUrl?: string } }} CustomAttribute
 *
 * @typedef {object} VacancyRecord
 * @property {string} id
 * @property {string} clientId
 * @property {string} name
 * @property {string | null} description
 * @property {string} stageId
 * @property {number} createdAt
 * @property {number} modifiedAt internal only: never rendered, it drives the list order and cursor
 * @property {number | null} startAt
 * @property {number | null} endAt
 * @property {SalaryRange | null} salaryRange
 * @property {Location} location
 * @property {string[]} teamUserIds
 * @property {string[]} clientTeamContactIds
 * @property {string | null} employmentType
 * @property {string | null} locationType
 * @property {ScorecardGroup[]} scorecard
 * @property {TaskDue | null} nextTaskDue
 * @property {CustomAttribute[]} customAttributes
 * @property {string} clientPortalId
 * @property {number | null} lastRankedAt
 * @property {Money | null} dealValue
 *
 * @typedef {object} ApplicationRecord
 * @property {string} id
 * @property {number} seed
 * @property {string | null} vacancyId
 * @property {string} candidateId
 * @property {string} stageId
 * @property {string | null} statusId
 * @property {string} ownerUserId
 * @property {string} createdByUserId
 * @property {string[]} teamUserIds
 * @property {string | null} clientId
 * @property {string[]} clientTeamContactIds
 * @property {string} state
 * @property {number} createdAt
 * @property {number} modifiedAt
 * @property {string | null} channelId
 * @property {{ previousId?: string, nextId?: string } | null} position
 * @property {{ id: string, title: string, meetingId: string, startTime: number, endTime: number } | null} [interview]
 *   set by moveApplication: the next interview (null: none); absent: derived from the seed
 *
 * @typedef {object} NoteRecord
 * @property {string} id
 * @property {string} applicationId
 * @property {string} content
 * @property {string | null} title
 * @property {boolean} pinned
 * @property {string | null} source
 * @property {string[]} labelIds
 * @property {number} createdAt
 * @property {number} modifiedAt
 *
 * @typedef {object} Posting
 * @property {string} id
 * @property {string} vacancyId
 * @property {number} publishedAt
 *
 * @typedef {'vacancy' | 'candidate' | 'application' | 'note'} ResourceName
 *
 * @typedef {object} ChangeEntry
 * @property {number} seq 1-based, increasing
 * @property {ResourceName} resource
 * @property {string} id
 * @property {'created' | 'updated' | 'removed'} kind
 * @property {string} modifiedAt ISO timestamp the record now carries
 * @property {'api' | 'portal' | 'control'} source which surface caused it
 * @property {ApplicationFacts} [before] applications: what it was before (absent: created)
 * @property {ApplicationFacts} [after] applications: what it is after (absent: removed)
 *
 * @typedef {object} ApplicationFacts
 *   An application in the sandbox's own terms, as the change log records it.
 * @property {string | null} job its vacancy's id (null: speculative)
 * @property {string} candidate its candidate's id
 * @property {string} stage its stage's id
 * @property {string} state
 * @property {boolean} placed
 * @property {{ id: string, startTime: string } | null} interview the next interview (null: none)
 */

module.exports = {};
